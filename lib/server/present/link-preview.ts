/** POST /api/link-preview: what a link's card shows of the page. */
export interface LinkPreview {
  title: string | null;
  siteName: string | null;
  description: string | null;
  /** The page's preview image as a data URL: the browser then loads nothing from another origin. */
  image: string | null;
}
