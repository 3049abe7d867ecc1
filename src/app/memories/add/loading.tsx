import { Spinner } from "@/components/ui/spinner";

export default function AddMemoryLoading() {
  return <Spinner label="Loading..." />;
}
