import { useTranslations } from "next-intl";
import { FileSearch, MessagesSquare, Zap } from "lucide-react";

// The three intro cards of the empty chat state (SPEC §1, §2). Their titles sit one level below
// the heading they come under: the home page's h1, or the shared page's welcome h2. No "use client"
// and not async: a server component on the home page, and part of the shared chat, which the
// server renders in the page's first flush (an async component would arrive after it).
export function FeatureCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const t = useTranslations("home");
  const cards = [
    { icon: FileSearch, title: t("cardAnalysisTitle"), body: t("cardAnalysisBody") },
    { icon: MessagesSquare, title: t("cardChatTitle"), body: t("cardChatBody") },
    { icon: Zap, title: t("cardSpeedTitle"), body: t("cardSpeedBody") },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3" data-testid="feature-cards">
      {cards.map(({ icon: Icon, title, body }) => (
        <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
          <Icon className="mb-3 size-6 text-primary" aria-hidden />
          <Heading className="font-medium">{title}</Heading>
          <p className="mt-1 text-sm text-muted-foreground">{body}</p>
        </li>
      ))}
    </ul>
  );
}
