import CircleHelp from 'lucide-react/icons/circle-help';
import { SectionCard } from './section-card.tsx';

/** A page's help box: a heading and a bulleted list of short texts. */
export function HelpCard({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <SectionCard title={title} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {items.map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
