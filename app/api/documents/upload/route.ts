import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { readMultipartFile } from "@/lib/server/http/multipart";
import { clientIp } from "@/lib/server/http/client-ip";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { uploadLimitsFor } from "@/lib/server/policies/upload-limits";
import { toPublicDocument } from "@/lib/server/present/document";
import type { PublicDocument } from "@/lib/server/present/api-types";

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const MB = 1024 * 1024;

// POST /api/documents/upload: multipart field "file" (optional "clientId" for safe retries, and
// "assistantId": one of the caller's assistants that should answer from it).
// Answers at once with the document in status "processing"; parsing runs in the background.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user }) => {
  const { maxBytes } = uploadLimitsFor(user);
  // A body that cannot fit under the limit is refused before a byte of it is read.
  const { file, form } = await readMultipartFile(req, {
    field: "file",
    maxFileBytes: maxBytes,
    missing: new AppError("bad_request", { messageKey: "missing_file" }),
    tooLarge: new AppError("payload_too_large", {
      messageKey: "file_too_large",
      params: { limit: maxBytes / MB },
      details: { limitBytes: maxBytes, reason: "file_too_large" },
    }),
  });
  const clientId = form.get("clientId");
  const assistantId = form.get("assistantId");
  const { document, created } = await uploadDocument({
    user,
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    clientAddress: clientIp(req),
    clientId: typeof clientId === "string" && CLIENT_ID.test(clientId) ? clientId : undefined,
    forAssistantId: typeof assistantId === "string" && assistantId !== "" ? assistantId : undefined,
  });
  return NextResponse.json<PublicDocument>(toPublicDocument(document), { status: created ? 201 : 200 });
});
