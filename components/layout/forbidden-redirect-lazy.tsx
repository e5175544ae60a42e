"use client";

import dynamic from "next/dynamic";

// app/forbidden.tsx is part of every page's tree; through this wrapper its code is fetched only
// when a page is actually forbidden (still rendered on the server then), not with every first load.
export const ForbiddenRedirectLazy = dynamic(() => import("./forbidden-redirect").then((m) => m.ForbiddenRedirect));
