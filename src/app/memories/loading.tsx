import { Spinner } from "@/components/ui/spinner";

export default function MemoriesLoading() {
  return <Spinner label="Loading memories..." />;
}
