import Circle from 'lucide-react/icons/circle';
import Square from 'lucide-react/icons/square';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRecordCurrent } from '@/lib/recordings.ts';

/** While OBS publishes: records the broadcast on air into 'Gravações', or stops recording it (whatever the account's setting). */
export function RecordCurrentButton({ recording }: { recording: boolean }) {
  const texts = useTexts(dashboardCatalogue);
  const record = useRecordCurrent();
  const next = !recording;
  return (
    <Button
      variant="secondary"
      data-testid="record-current"
      disabled={record.isPending}
      onClick={() => record.mutate(next, {
        onSuccess: () => toast.success(next ? textsNow(dashboardCatalogue).recordStarted : textsNow(dashboardCatalogue).recordStopped),
        onError: (error) => toast.error(errorMessage(error, textsNow(dashboardCatalogue).recordError)),
      })}
    >
      {record.isPending ? <Spinner className="h-4 w-4" /> : recording ? <Square className="h-4 w-4" aria-hidden="true" /> : <Circle className="h-4 w-4 text-red-600" aria-hidden="true" />}
      {recording ? texts.recordStop : texts.recordStart}
    </Button>
  );
}
