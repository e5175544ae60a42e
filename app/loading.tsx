import { Spinner } from "@/components/ui/spinner";

// The spinner shown while a page, and the user it is checked against, load.
export default function Loading() {
  return (
    <div className="grid min-h-[60dvh] place-items-center" data-testid="page-loading">
      <Spinner className="size-8" />
    </div>
  );
}
