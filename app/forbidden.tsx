import { ForbiddenRedirect } from "@/components/layout/forbidden-redirect";

// Rendered by forbidden() from any guarded page whose role rule the user does not meet.
export default function Forbidden() {
  return <ForbiddenRedirect />;
}
