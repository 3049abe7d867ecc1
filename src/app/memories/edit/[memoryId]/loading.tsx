import { Spinner } from "@/components/ui/spinner";

export default function EditMemoryLoading() {
  return <Spinner label="Loading memory..." />;
}
