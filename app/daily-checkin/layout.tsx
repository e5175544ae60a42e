import { AppShell } from "@/components/layout/app-shell";

export default function DailyCheckinLayout({ children }: { children: React.ReactNode }) {
  return <AppShell staff>{children}</AppShell>;
}
