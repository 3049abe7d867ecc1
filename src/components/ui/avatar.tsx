import { cn } from "@/lib/cn";

// docs/product.md §9: three sizes (9, 12, 16 units), initials at 16 px or more. Profile photos are not uploaded yet, so initials show.
const sizes = { sm: "size-9 text-base", md: "size-12 text-base", lg: "size-16 text-xl" } as const;

export function initialsOf(firstName: string, lastName: string) {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
}

export function Avatar({
  firstName,
  lastName,
  imageUrl,
  size = "md",
  className,
}: {
  firstName: string;
  lastName: string;
  imageUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const classes = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground",
    sizes[size],
    className,
  );
  if (imageUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- signed URLs are short-lived; the image optimiser would cache them
    return <img src={imageUrl} alt="" className={cn(classes, "object-cover")} />;
  }
  return (
    <span aria-hidden="true" className={classes}>
      {initialsOf(firstName, lastName)}
    </span>
  );
}
