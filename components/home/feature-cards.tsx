import { useTranslations } from "next-intl";
import { FileSearch, MessagesSquare, Zap } from "lucide-react";

// The three intro cards of the workspace's empty chat (docs/rules/chat.md#the-empty-chat), under the home page's h1.
// They are about one's own documents, so a shared assistant's visitor is not shown them. No "use
// client" and not async: a server component of the home page.
export function FeatureCards() {
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
          <h2 className="font-medium">{title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{body}</p>
        </li>
      ))}
    </ul>
  );
}
