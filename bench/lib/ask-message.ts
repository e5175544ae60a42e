/**
 * Asks questions through the real message path, the POST /api/messages handler, as the owner whose
 * session cookie is given: retrieval, the model, the database writes. The caller has opened the
 * database and set DATA_DIR (the route and lib/server modules are imported here, after that).
 */
export async function messageAsker(cookie: string): Promise<(question: string) => Promise<{ ms: number; content: string; status: number }>> {
  const { NextRequest } = await import("next/server");
  const messages = await import("@/app/api/messages/route");
  return async (question) => {
    const req = new NextRequest("http://localhost:3000/api/messages", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie, "content-type": "application/json" },
      body: JSON.stringify({ content: question }),
    });
    const started = performance.now();
    const res = await messages.POST(req, { params: Promise.resolve({}) });
    const body = await res.json();
    return { ms: performance.now() - started, content: body.aiMessage?.content ?? "", status: res.status };
  };
}
