"use client";

import { Fragment, useMemo } from "react";
import { useTranslations } from "next-intl";
import { parseMarkdown, type Block, type Inline } from "@/lib/chat/markdown";
import { shortenLinkText } from "@/lib/chat/links";

// Markdown as React elements only (lib/chat/markdown.ts): no HTML is ever inserted.

/** An inline [n]: opens source n. Named "來源 n" for screen readers (the visible "n" alone says nothing). */
function CitationButton({ n, onCite }: { n: number; onCite: (n: number) => void }) {
  const t = useTranslations("chat");
  return (
    <button
      type="button"
      onClick={() => onCite(n)}
      aria-label={t("citation", { n })}
      className="mx-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded bg-primary/15 px-1 align-super text-[0.65rem] font-medium text-primary hover:bg-primary/25"
      data-testid="citation"
    >
      {n}
    </button>
  );
}

function Inlines({ nodes, onCite }: { nodes: Inline[]; onCite?: (n: number) => void }) {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return <Fragment key={i}>{node.text}</Fragment>;
      case "strong":
        return (
          <strong key={i} className="font-semibold">
            <Inlines nodes={node.children} onCite={onCite} />
          </strong>
        );
      case "em":
        return (
          <em key={i}>
            <Inlines nodes={node.children} onCite={onCite} />
          </em>
        );
      case "code":
        return (
          <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case "link": {
        const text = node.children.length === 1 && node.children[0].type === "text" && node.children[0].text === node.href ? shortenLinkText(node.href) : null;
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline underline-offset-2">
            {text ?? <Inlines nodes={node.children} onCite={onCite} />}
          </a>
        );
      }
      case "cite":
        return onCite ? (
          <CitationButton key={i} n={node.n} onCite={onCite} />
        ) : (
          <sup key={i}>[{node.n}]</sup>
        );
      case "break":
        return <br key={i} />;
    }
  });
}

function Blocks({ blocks, onCite }: { blocks: Block[]; onCite?: (n: number) => void }) {
  return blocks.map((block, i) => {
    switch (block.type) {
      case "paragraph":
        return (
          <p key={i} className="my-2 first:mt-0 last:mb-0">
            <Inlines nodes={block.inlines} onCite={onCite} />
          </p>
        );
      case "heading":
        return (
          <p key={i} className="mt-3 mb-1 font-semibold first:mt-0" role="heading" aria-level={Math.min(6, block.level + 2)}>
            <Inlines nodes={block.inlines} onCite={onCite} />
          </p>
        );
      case "quote":
        return (
          <blockquote key={i} className="my-2 border-l-4 border-primary/40 bg-muted/40 py-1 pr-2 pl-3 text-foreground/90">
            <Blocks blocks={block.blocks} onCite={onCite} />
          </blockquote>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={i} start={block.ordered && block.start !== 1 ? block.start : undefined} className={`my-2 space-y-1 pl-5 ${block.ordered ? "list-decimal" : "list-disc"}`}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Inlines nodes={item.inlines} onCite={onCite} />
                {item.blocks.length > 0 && <Blocks blocks={item.blocks} onCite={onCite} />}
              </li>
            ))}
          </List>
        );
      }
      case "code":
        return (
          <pre key={i} className="my-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
            {block.text}
          </pre>
        );
      case "rule":
        return <hr key={i} className="my-3 border-border" />;
    }
  });
}

export function MarkdownView({ source, onCite }: { source: string; onCite?: (n: number) => void }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="text-sm leading-relaxed break-words">
      <Blocks blocks={blocks} onCite={onCite} />
    </div>
  );
}
