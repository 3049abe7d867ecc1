"use client";

import { DownloadIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { BookMember } from "./download-book-dialog";

// The download dialog (a form, a radio group and the dialog code) loads when someone first
// reaches for this button, not with every visit to the Family Book.
const loadDialog = () => import("./download-book-dialog").then((module) => module.DownloadBookDialog);
const DownloadBookDialog = dynamic(loadDialog, { ssr: false });
const preloadDialog = () => void loadDialog();

export function DownloadBookButton({ members, initialMember }: { members: BookMember[]; initialMember?: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <DownloadIcon aria-hidden="true" />
        Download PDF book
      </Button>
      {opened && (
        <DownloadBookDialog members={members} initialMember={initialMember} open={open} onOpenChange={setOpen} returnFocusTo={() => button.current?.focus()} />
      )}
    </>
  );
}
