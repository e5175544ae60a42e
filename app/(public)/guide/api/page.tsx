import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiGuide"))("title") };
}

const ASSISTANT_ID = "<assistant id>";

/** The three ways to call an assistant: the same request in curl, JavaScript and Python (the code is the same in every language). */
function examples(baseUrl: string) {
  return {
    curl: `curl ${baseUrl}/chat/completions \\
  -H "Authorization: Bearer $ASSISTANT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "${ASSISTANT_ID}", "messages": [{"role": "user", "content": "資源回收是哪幾天？"}]}'

# Streamed (server-sent events, ending with data: [DONE]):
curl -N ${baseUrl}/chat/completions \\
  -H "Authorization: Bearer $ASSISTANT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "${ASSISTANT_ID}", "stream": true, "messages": [{"role": "user", "content": "資源回收是哪幾天？"}]}'`,
    js: `import OpenAI from "openai";

const client = new OpenAI({ apiKey: process.env.ASSISTANT_API_KEY, baseURL: "${baseUrl}" });

const reply = await client.chat.completions.create({
  model: "${ASSISTANT_ID}",
  messages: [{ role: "user", content: "資源回收是哪幾天？" }],
});
console.log(reply.choices[0].message.content);
console.log(reply.x_citations); // [{ index, document_name, page, quote, … }]`,
    python: `import os
from openai import OpenAI

client = OpenAI(api_key=os.environ["ASSISTANT_API_KEY"], base_url="${baseUrl}")

stream = client.chat.completions.create(
    model="${ASSISTANT_ID}",
    messages=[{"role": "user", "content": "資源回收是哪幾天？"}],
    stream=True,
)
for chunk in stream:
    if chunk.choices:
        print(chunk.choices[0].delta.content or "", end="")`,
  };
}

function Code({ title, code, testId }: { title: string; code: string; testId: string }) {
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <pre className="mt-2 overflow-x-auto rounded-lg border bg-muted p-4 text-xs leading-5" tabIndex={0} data-testid={testId}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

// GET /guide/api: how a program calls an assistant, for its owner (public, like the guide).
export default async function ApiGuidePage() {
  const t = await getTranslations("apiGuide");
  const baseUrl = `${new URL(env.APP_URL).origin}/api/v1`;
  const code = examples(baseUrl);
  return (
    <article className="mx-auto max-w-3xl" data-testid="api-guide">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("keyTitle")}</h2>
        <p className="mt-2 leading-7">{t("keyBody")}</p>
      </section>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("requestTitle")}</h2>
        <p className="mt-2 leading-7">{t("requestBody", { baseUrl })}</p>
        <Code title={t("curlTitle")} code={code.curl} testId="api-guide-curl" />
        <Code title={t("jsTitle")} code={code.js} testId="api-guide-js" />
        <Code title={t("pythonTitle")} code={code.python} testId="api-guide-python" />
      </section>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("citationsTitle")}</h2>
        <p className="mt-2 leading-7">{t("citationsBody")}</p>
      </section>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t("errorsTitle")}</h2>
        <p className="mt-2 leading-7">{t("errorsBody")}</p>
        <p className="mt-4">
          <a href="/api/v1/openapi.json" className="text-primary hover:underline" data-testid="api-guide-openapi">
            {t("openapi")}
          </a>
        </p>
      </section>
    </article>
  );
}
