"use client";

import * as React from "react";
import { cn } from "@/lib/utils";

// Tabs as the WAI-ARIA tabs pattern describes them, with automatic activation: one Tab stop for
// the list (the selected tab), arrow keys, Home and End move between tabs and select as they
// go, and each panel is a Tab stop of its own that exists only while selected. Written here
// rather than taken from Radix: the sign-in screen and the chat load this with their first
// paint, and Radix's version brings its collection and roving-focus machinery (~6 KB compressed).

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue"> & {
  /** The selected tab, when the parent keeps it; else the tabs keep their own, starting at defaultValue. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = React.useState(defaultValue ?? "");
  const current = value ?? own;
  const baseId = React.useId();
  const select = React.useCallback(
    (next: string) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [current, value, onValueChange],
  );
  const state = React.useMemo(() => ({ value: current, select, baseId }), [current, select, baseId]);
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn("inline-flex h-9 w-full items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground", className)}
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        const move = MOVES[event.key];
        if (event.defaultPrevented || !move || event.altKey || event.ctrlKey || event.metaKey) return;
        const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
        const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
        if (at < 0) return;
        event.preventDefault();
        // Focusing a tab selects it (TabsTrigger's onFocus).
        tabs[move(at, tabs.length)]?.focus();
      }}
    />
  );
}

function TabsTrigger({ value, className, onClick, onFocus, ...props }: React.ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
    />
  );
}

function TabsContent({ value, className, ...props }: React.ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  if (tabs.value !== value) return null;
  return (
    // The panel is a Tab stop of its own: it shows when it has focus.
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      tabIndex={0}
      data-state="active"
      data-orientation="horizontal"
      className={cn("mt-4 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring", className)}
      {...props}
    />
  );
}

export { Tabs, TabsList, TabsTrigger, TabsContent };
