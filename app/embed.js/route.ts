import { LOCALES } from "@/lib/constants";
import { embedScript } from "@/lib/server/present/embed-script";

// GET /embed.js: the chat bubble another site adds with one <script> line (lib/embed/bubble.ts).
// The same for every site and share (the share is the tag's data-assistant), so caches may keep it.
export function GET(): Response {
  return new Response(embedScript(LOCALES), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=300",
      // Loaded by other sites' pages, including ones that require every resource to opt in (COEP).
      "cross-origin-resource-policy": "cross-origin",
    },
  });
}
