import { useTranslations } from "next-intl";

// No "use client": rendered by the server in the first view and by the chat's empty state.

/** Who the assistant is, in the empty chat of a shared assistant, above the feature cards. */
export function SharedWelcome({ name, featureCards }: { name: string; featureCards: React.ReactNode }) {
  const t = useTranslations("shared");
  return (
    <>
      <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("emptyTitle", { name })}</h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("emptyIntro")}</p>
      <div className="mt-6 text-left">{featureCards}</div>
    </>
  );
}
