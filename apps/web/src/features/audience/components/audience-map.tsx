import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import Globe2 from 'lucide-react/icons/globe-2';
import { ComposableMap, Geographies, Geography, Marker } from 'react-simple-maps';
// bundled with the page: the panel's policy lets it load nothing from other origins
import countries from 'world-atlas/countries-110m.json';
import { type AudienceMapPoint } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { dotSizer, dotTitleValues } from '../utils/audience-view.ts';

const WORLD = countries as unknown as ComponentProps<typeof Geographies>['geography'];
// the map's own coordinate space; an Equal Earth world at this scale just fills it
const WIDTH = 800;
const HEIGHT = 400;
const PROJECTION = { scale: 147 };
const ACTIVE = '#16a34a';
const IDLE = '#2563eb';

/**
 * CSS pixels per unit of the map's coordinate space: the map stretches to its card, and the
 * dots' diameters (AUDIENCE.dotMinPx–dotMaxPx) are screen pixels whatever the card's width.
 */
function usePixelsPerUnit() {
  const box = useRef<HTMLDivElement>(null);
  const [k, setK] = useState(1);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setK(w / WIDTH);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { box, k };
}

/**
 * The world with one dot per city of the period (a country's dot when the address located only
 * the country), sized by its sessions and green while someone there watches now. The world
 * itself is drawn at once; 'Carregando mapa...' covers it until the points arrive.
 */
export function AudienceMap({ points, loading }: { points: AudienceMapPoint[] | undefined; loading: boolean }) {
  const audienceTexts = useTexts(audienceCatalogue);
  const { box, k } = usePixelsPerUnit();
  const size = useMemo(() => dotSizer((points ?? []).map((p) => p.count)), [points]);
  // the largest first, so a small city next to a big one stays visible on top of it
  const ordered = useMemo(() => [...(points ?? [])].sort((a, b) => b.count - a.count), [points]);
  return (
    <SectionCard title={audienceTexts.mapTitle} description={audienceTexts.mapDescription} icon={Globe2}>
      <div ref={box} className="relative" data-testid="audience-map">
        <ComposableMap width={WIDTH} height={HEIGHT} projectionConfig={PROJECTION} role="img" aria-label={audienceTexts.mapLabel} className="h-auto w-full">
          <Geographies geography={WORLD}>
            {({ geographies }) => geographies.map((geo) => (
              <Geography
                key={geo.rsmKey}
                geography={geo}
                tabIndex={-1}
                className="fill-gray-200 stroke-white outline-none"
                strokeWidth={0.5}
              />
            ))}
          </Geographies>
          {ordered.map((p) => {
            const d = size(p.count);
            return (
              <Marker key={`${p.pais}|${p.cidade}|${p.latitude}|${p.longitude}`} coordinates={[p.longitude, p.latitude]}>
                <circle
                  r={d / 2 / k}
                  fill={p.ativos > 0 ? ACTIVE : IDLE}
                  fillOpacity={0.7}
                  data-testid="audience-dot"
                  data-count={p.count}
                >
                  <title>{audienceTexts.dotTitle(dotTitleValues(p))}</title>
                </circle>
              </Marker>
            );
          })}
        </ComposableMap>
        {loading && (
          <p role="status" className="absolute inset-0 flex items-center justify-center text-sm font-medium text-gray-500">
            {audienceTexts.mapLoading}
          </p>
        )}
      </div>
      {!loading && points && (
        points.length === 0 ? (
          <p className="mt-3 text-center text-sm text-gray-500">{audienceTexts.mapEmpty}</p>
        ) : (
          <p className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-xs text-gray-600">
            <span className="inline-flex items-center gap-1.5"><span className="h-2.5 w-2.5 rounded-full" style={{ background: ACTIVE }} aria-hidden="true" />{audienceTexts.mapLegendActive}</span>
            <span className="inline-flex items-center gap-1.5"><span className="h-2.5 w-2.5 rounded-full" style={{ background: IDLE }} aria-hidden="true" />{audienceTexts.mapLegendIdle}</span>
          </p>
        )
      )}
    </SectionCard>
  );
}
