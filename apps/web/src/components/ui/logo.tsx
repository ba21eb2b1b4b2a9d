import { useState } from 'react';
import Play from 'lucide-react/icons/play';
import { cn } from '@/lib/cn.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';

/** The panel logo (/logo.svg); a play icon stands in when the image fails to load. */
export function Logo({ className }: { className?: string }) {
  const commonTexts = useTexts(commonCatalogue);
  const [failed, setFailed] = useState(false);
  const box = cn('h-10 w-10 shrink-0', className);
  if (failed) {
    return (
      <span
        role="img"
        aria-label={commonTexts.appName}
        className={cn(box, 'flex items-center justify-center rounded-xl bg-gradient-to-br from-blue-500 to-violet-600 text-white')}
      >
        <Play className="h-1/2 w-1/2 fill-current" aria-hidden="true" />
      </span>
    );
  }
  return <img src="/logo.svg" alt={commonTexts.appName} className={box} onError={() => setFailed(true)} />;
}
