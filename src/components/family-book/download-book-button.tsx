"use client";

import { DownloadIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { LazyDialogButton } from "@/components/ui/lazy-dialog-button";
import type { BookMember } from "./download-book-dialog";

// The download dialog (a form, a radio group and the dialog code) loads when someone first
// reaches for this button, not with every visit to the Family Book.
const loadDialog = () => import("./download-book-dialog").then((module) => module.DownloadBookDialog);
const DownloadBookDialog = dynamic(loadDialog, { ssr: false });
const preloadDialog = () => void loadDialog();

export function DownloadBookButton({ members, initialMember }: { members: BookMember[]; initialMember?: string }) {
  return (
    <LazyDialogButton variant="outline" preload={preloadDialog} dialog={DownloadBookDialog} dialogProps={{ members, initialMember }}>
      <DownloadIcon aria-hidden="true" />
      Download PDF book
    </LazyDialogButton>
  );
}
