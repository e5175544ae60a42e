import { NextResponse } from "next/server";
import { MULTIPART_OVERHEAD_BYTES } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/errors";
import { uploadDocument } from "@/lib/server/services/upload-document";
import { uploadLimitsFor } from "@/lib/server/services/upload-limits";
import { toPublicDocument } from "@/lib/server/services/present-document";

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const MB = 1024 * 1024;

// POST /api/documents/upload: multipart field "file" (optional "clientId" for safe retries).
// Answers at once with the document in status "processing"; parsing runs in the background.
export const POST = route({ auth: "workspace", rawBody: true }, async ({ req, user }) => {
  const { maxBytes } = uploadLimitsFor(user);
  const declared = Number(req.headers.get("content-length"));
  // A body that cannot fit under the limit is refused before a byte of it is read.
  if (!Number.isFinite(declared) || declared <= 0) throw new AppError("bad_request", { messageKey: "missing_file" });
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError("payload_too_large", {
      messageKey: "file_too_large",
      params: { limit: maxBytes / MB },
      details: { limitBytes: maxBytes, reason: "file_too_large" },
    });
  }
  if (!(req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("bad_request", { messageKey: "missing_file" });
  }
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError("bad_request", { messageKey: "missing_file" });
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new AppError("bad_request", { messageKey: "missing_file" });
  const clientId = form.get("clientId");
  const { document, created } = await uploadDocument({
    user,
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    clientId: typeof clientId === "string" && CLIENT_ID.test(clientId) ? clientId : undefined,
  });
  return NextResponse.json(toPublicDocument(document), { status: created ? 201 : 200 });
});
