"use client";

// The static fatal startup card 載入錯誤 (docs/rules/messages-and-errors.md#guards-and-fatal-errors): shown when even the root layout failed, so it
// depends on nothing else of the app (no providers, no translations loaded from the server).
export default function GlobalError() {
  const english = typeof document !== "undefined" && /(?:^|;\s*)NEXT_LOCALE=en(?:;|$)/.test(document.cookie);
  return (
    <html lang={english ? "en" : "zh-TW"}>
      <body style={{ margin: 0, fontFamily: "system-ui, sans-serif", background: "#f6f7f9", color: "#1a1b1f" }}>
        <main style={{ minHeight: "100dvh", display: "grid", placeItems: "center", padding: 16 }}>
          <div
            role="alert"
            data-testid="fatal-error-card"
            style={{ maxWidth: 380, width: "100%", background: "#fff", borderRadius: 12, padding: 24, boxShadow: "0 1px 3px rgba(0,0,0,.12)", textAlign: "center" }}
          >
            <h1 style={{ fontSize: 20, margin: "0 0 8px" }}>載入錯誤</h1>
            <p style={{ margin: "0 0 20px", color: "#5b5f6b", fontSize: 14 }}>
              {english ? "Something went wrong while loading the app. Please reload the page." : "應用程式載入時發生錯誤，請重新載入頁面。"}
            </p>
            <button
              type="button"
              onClick={() => window.location.reload()}
              style={{ background: "#3b5bdb", color: "#fff", border: 0, borderRadius: 8, padding: "10px 20px", fontSize: 14, cursor: "pointer" }}
            >
              {english ? "Reload" : "重新載入"}
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
