import { CONVERSION_MIN_BITRATE } from '@painel/contract';
import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { count } = plurals('en-US');

const conversionTexts: FeatureTexts<'conversion'> = {
  title: 'Video conversion',
  subtitle: 'Convert incompatible or heavy videos to MP4 (H.264 + AAC) at your plan’s bitrate.',
  planLimit: icu<{ kbps: number }>('Plan max bitrate: {kbps} kbps'),
  noFolders: 'No folders yet. Create folders and upload videos in Manage videos.',
  folderVideoCount: (v: { n: number }) => count(v.n, 'video', 'videos'),
  videosTitle: icu<{ folder: string }>('Videos in {folder}'),
  selectFolderHint: 'Select a folder to see its videos and convert them.',
  resolution: 'Resolution',
  frame: (v: { w: number; h: number }) => (v.w > 0 && v.h > 0 ? `${v.w}x${v.h}` : 'N/A'),
  optimized: 'Optimized',
  conversionError: 'Conversion error',
  queued: 'Queued...',
  converting: icu<{ pct: string }>('Converting... {pct}'),
  progressLabel: icu<{ name: string }>('Conversion progress of {name}'),
  keptBeside: icu<{ name: string }>('Optimized version saved as {name}'),
  convert: 'Convert',
  play: 'Play',
  convertAgain: 'Convert again',
  convertVideo: icu<{ name: string }>('Convert {name}'),
  currentFacts: (v: { format: string; kbps: string; frame: string }) => `Current: ${v.format.toUpperCase()}, ${v.kbps}, ${v.frame}`,
  qualityLegend: 'Quality',
  suggested: 'Suggested',
  customBitrate: 'Bitrate (kbps)',
  customBitrateHint: (v: { max: number; min?: number; bySource?: boolean }) =>
    `From ${v.min ?? CONVERSION_MIN_BITRATE} to ${v.max} kbps${v.bySource ? ' (this video’s bitrate: going higher would only make the file bigger)' : ''}`,
  resolutionNames: { '854x480': '480p (854x480)', '1280x720': '720p (1280x720)', '1920x1080': '1080p (1920x1080)' },
  keepOriginal: 'Keep the original video',
  keepOriginalHint: 'Checked: the converted version is saved next to the original, with "(otimizado)" added to its name. Unchecked: it replaces the original once verified, and playlists keep the same video — unless it came out bigger than the original: then it is saved next to it and the original stays.',
  noUpscale: 'A video smaller than the chosen resolution keeps its own size.',
  startConversion: 'Start conversion',
  playerTitle: (v: { name: string }) => v.name,
  helpTitle: 'How conversion works',
  help: [
    'Videos in other formats (AVI, MOV, WMV, MKV…) or with a bitrate above the plan’s must be converted before they can go into playlists.',
    'Conversion produces an MP4 with H.264 and AAC at the chosen bitrate, without raising the original video’s resolution.',
    'Qualities above the video’s own bitrate are not offered: the file would get bigger without a better picture. If the converted version still comes out bigger than the original, it does not replace it: it is saved next to it, with "(otimizado)" added to its name.',
    'The original is replaced only after the converted file is verified; if anything fails, it stays as it was.',
    'While a video is converting, neither it nor its folder can be deleted. Your plan’s storage must have room for the converted file.',
    'You can close this page: conversion keeps running on the server and the progress shows up when you come back.',
  ],
};

export default conversionTexts;
