"use client";

import * as React from "react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

// Not modal: a menu keeps Tab to itself and Escape hands focus back anyway, and a modal one hides
// the rest of the page with aria-hidden while it stays focusable (axe's aria-hidden-focus).
//
// openedByKeyboard: the menu mounts open because Enter or Space was pressed on a stand-in button
// (use-load-on-use.ts). Its first opening then puts focus on the first item, as the menu-button
// pattern asks and as Radix does for a menu that was there to see the key press.
const OpenedByKeyboard = React.createContext<React.RefObject<boolean> | null>(null);

function DropdownMenu({ modal = false, openedByKeyboard = false, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Root> & { openedByKeyboard?: boolean }) {
  const pending = React.useRef(openedByKeyboard);
  return (
    <OpenedByKeyboard.Provider value={pending}>
      <DropdownMenuPrimitive.Root modal={modal} {...props} />
    </OpenedByKeyboard.Provider>
  );
}
const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
const DropdownMenuGroup = DropdownMenuPrimitive.Group;
const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

function DropdownMenuContent({ className, sideOffset = 4, onFocus, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  const openedByKeyboard = React.useContext(OpenedByKeyboard);
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        onFocus={(event) => {
          onFocus?.(event);
          // Radix focuses the menu itself as it opens; from the keyboard, focus moves on to the first item.
          if (!openedByKeyboard?.current || event.target !== event.currentTarget) return;
          openedByKeyboard.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
        }}
        className={cn(
          "z-50 min-w-[10rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=open]:animate-in data-[state=open]:fade-in-0",
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

const itemClass =
  "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return <DropdownMenuPrimitive.Item className={cn(itemClass, className)} {...props} />;
}

function DropdownMenuRadioItem({ className, children, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem className={cn(itemClass, "pl-7", className)} {...props}>
      <span className="absolute left-2 flex size-3.5 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <span className="block size-2 rounded-full bg-current" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.RadioItem>
  );
}

function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={cn("px-2 py-1.5 text-sm font-medium", className)} {...props} />;
}

function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuGroup,
  DropdownMenuRadioGroup,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
};
