import { useRef, useState, type DragEvent } from 'react';
import { VIDEO_EXTENSIONS } from '@painel/contract';

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/** What the file input's accept="video/*" would let through, plus the accepted formats by name. */
export function isVideoFile(file: File): boolean {
  if (file.type.startsWith('video/')) return true;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * Files dragged from the desktop onto an area: `dragging` while they hover it, `onFiles`
 * with the video files among them (and how many were dropped) once dropped. Nested
 * elements fire enter/leave pairs, hence the depth counter.
 */
export function useFileDrop(onFiles: (videos: File[], dropped: number) => void) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const handlers = {
    onDragEnter(e: DragEvent) {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(e: DragEvent) {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(e: DragEvent) {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(e: DragEvent) {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = [...e.dataTransfer.files];
      onFiles(files.filter(isVideoFile), files.length);
    },
  };
  return { dragging, handlers };
}
