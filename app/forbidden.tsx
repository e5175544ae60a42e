import { ForbiddenRedirectLazy } from "@/components/layout/forbidden-redirect-lazy";

// Rendered by forbidden() from any guarded page whose role rule the user does not meet.
export default function Forbidden() {
  return <ForbiddenRedirectLazy />;
}
