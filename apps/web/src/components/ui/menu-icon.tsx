import { forwardRef } from 'react';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Calendar from 'lucide-react/icons/calendar';
import FileVideo from 'lucide-react/icons/file-video';
import Home from 'lucide-react/icons/home';
import List from 'lucide-react/icons/list';
import Megaphone from 'lucide-react/icons/megaphone';
import PlayCircle from 'lucide-react/icons/play-circle';
import Radio from 'lucide-react/icons/radio';
import Server from 'lucide-react/icons/server';
import Settings from 'lucide-react/icons/settings';
import Smartphone from 'lucide-react/icons/smartphone';
import Users from 'lucide-react/icons/users';
import Wifi from 'lucide-react/icons/wifi';
import type { LucideIcon, LucideProps } from 'lucide-react';
import type { MenuIcon as MenuIconName } from '@painel/contract';

/**
 * Lucide 1.x dropped brand icons; this is the former `youtube` glyph (a play screen), drawn with
 * Lucide's own attributes. Written out rather than made with createLucideIcon: that one comes only
 * from the package's index, which would bring every icon into the first page.
 */
const Youtube = forwardRef<SVGSVGElement, LucideProps>(function Youtube({ size = 24, color = 'currentColor', strokeWidth = 2, className, ...rest }, ref) {
  return (
    <svg
      ref={ref} xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke={color}
      strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" className={['lucide', 'lucide-youtube', className].filter(Boolean).join(' ')} {...rest}
    >
      <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </svg>
  );
}) as LucideIcon;

const ICONS: Record<MenuIconName, LucideIcon> = {
  Home, Radio, Wifi, PlayCircle, FileVideo, List, Calendar, Megaphone, Youtube, Server, Users,
  ArrowLeftRight, Settings, Smartphone,
};

function isKnown(name: string): name is MenuIconName {
  return Object.hasOwn(ICONS, name);
}

/** The Lucide icon a menu entry names; unknown names fall back to Settings. */
export function MenuIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = isKnown(name) ? ICONS[name] : Settings;
  return <Icon aria-hidden="true" {...props} />;
}
