import { ForbiddenView } from "@/components/layout/forbidden-view";

// Rendered by forbidden() from any guarded page whose role rule the user does not meet.
export default function Forbidden() {
  return <ForbiddenView />;
}
