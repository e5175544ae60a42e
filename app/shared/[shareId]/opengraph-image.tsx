import { ImageResponse } from "next/og";
import { getLocale, getTranslations } from "next-intl/server";
import { resolveLocale } from "@/lib/i18n/locale";
import { shareProfile } from "@/lib/server/present/assistant";
import { fontFor } from "@/lib/server/export/pdf-fonts";
import { readShareLink } from "@/lib/server/use-cases/read-share-link";

// The 1200x630 preview LINE, Facebook and chat apps show for a share link. The name is set in
// Noto Sans TC built into the app, with fallbacks for what it lacks (only the glyphs needed), so
// Chinese, Korean or emoji render with no font fetched.
// A link that leads nowhere previews as such, without the service's badges.

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "AI 文件助理";

export default async function OpenGraphImage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  const [t, locale, { share, state, assistantDeleted }] = await Promise.all([getTranslations("sharePreview"), getLocale(), readShareLink(shareId)]);
  const name = share ? shareProfile(share, resolveLocale(locale)).name : state === "ended" ? t("ended") : t("notFound");
  const tagline = share ? t("tagline") : assistantDeleted ? t("assistantGoneHint") : state === "ended" ? t("endedHint") : t("notFoundHint");
  const lines = { product: t("product"), name, tagline, badges: share ? [t("badgeOnline"), t("badgeInstant"), t("badgeSmart")] : [] };
  const font = fontFor(`${lines.product}${lines.name}${lines.tagline}${lines.badges.join("")}`);
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 72, background: "linear-gradient(135deg, #1e3a8a 0%, #2563eb 55%, #60a5fa 100%)", color: "white", fontFamily: "Noto Sans TC" }}>
        <div style={{ display: "flex", fontSize: 34, opacity: 0.9 }}>{lines.product}</div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "flex", fontSize: name.length > 16 ? 64 : 88, fontWeight: 700, lineHeight: 1.15 }}>{lines.name}</div>
          <div style={{ display: "flex", marginTop: 24, fontSize: 36, opacity: 0.92 }}>{lines.tagline}</div>
        </div>
        <div style={{ display: "flex", gap: 16 }}>
          {lines.badges.map((badge) => (
            <div key={badge} style={{ display: "flex", padding: "10px 22px", borderRadius: 999, background: "rgba(255,255,255,0.18)", fontSize: 28 }}>
              {badge}
            </div>
          ))}
        </div>
      </div>
    ),
    { ...size, fonts: [{ name: "Noto Sans TC", data: font, weight: 400, style: "normal" }] },
  );
}
