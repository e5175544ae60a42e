import { tableBlocks } from "@/lib/chat/markdown-table";

/** A cited passage as written, but its tables (a Word document's, a .md file's) drawn as tables instead of lines of pipes. */
export function SourceText({ text }: { text: string }) {
  return tableBlocks(text).map((block, i) =>
    block.kind === "text" ? (
      <span key={i}>{block.text}</span>
    ) : (
      // Cells wrap (anywhere, as CJK text does) rather than the table growing past a phone's bubble.
      <div key={i} className="my-1 whitespace-normal [overflow-wrap:anywhere]" data-testid="source-table">
        <table className="w-full border-collapse text-xs">
          {block.header && (
            <thead>
              <tr>
                {block.header.map((cell, c) => (
                  <th key={c} scope="col" className="border border-border bg-muted px-2 py-1 text-left font-medium">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} className="border border-border px-2 py-1 align-top">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ),
  );
}
