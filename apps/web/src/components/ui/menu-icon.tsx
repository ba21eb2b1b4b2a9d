import {
  ArrowLeftRight, Calendar, FileVideo, Home, List, Megaphone, PlayCircle, Radio, Server, Settings,
  Smartphone, Users, Wifi, createLucideIcon, type LucideIcon, type LucideProps,
} from 'lucide-react';
import type { MenuIcon as MenuIconName } from '@painel/contract';

// Lucide 1.x dropped brand icons; this is the former `youtube` glyph (a play screen).
const Youtube = createLucideIcon('youtube', [
  ['path', { d: 'M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17', key: 'frame' }],
  ['path', { d: 'm10 15 5-3-5-3z', key: 'play' }],
]);

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
