import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('en-US');

const videosTexts: FeatureTexts<'videos'> = {
  subtitle: 'Organize your videos in folders, upload new files, and keep track of the space used',
  planInfoTitle: 'Plan details',
  planStorageUsedLabel: 'Space used',
  storageUsage: icu<{ pct: string }>('{pct} of storage used'),
  noFolders: 'No folders yet. Click "New folder" to get started.',
  newFolder: 'New folder',
  folderSpaceUsed: icu<{ size: string }>('{size} used'),
  folderUsage: icu<{ name: string; pct: string }>('Folder {name} usage: {pct} of storage'),
  folderOnServer: (v: { n: number }) => (isOne(v.n) ? 'On the server: 1 file' : `On the server: ${v.n} files`),
  folderNotOnServer: 'Folder not created on the server yet',
  renameFolderAction: icu<{ name: string }>('Rename folder {name}'),
  syncFolderAction: icu<{ name: string }>('Sync folder {name}'),
  deleteFolderAction: icu<{ name: string }>('Delete folder {name}'),
  deleteFolderConfirm: icu<{ name: string }>('Delete the folder "{name}"? All of its videos will be deleted too.'),
  renameFolderTitle: 'Rename folder',
  folderNameLabel: 'Folder name',
  folderNamePlaceholder: 'E.g., Shows',
  createFolder: 'Create folder',
  folderVideos: icu<{ name: string }>('Videos in folder {name}'),
  selectFolderHint: 'Select a folder to see its videos.',
  noVideos: 'No videos in this folder. Use "Upload videos" or drag files here.',
  videoColName: 'Video',
  videoColActions: 'Actions',
  bitrateAboveLimit: icu<{ limit: string }>('Above the plan limit ({limit})'),
  openVideoInNewTab: icu<{ name: string }>('Open {name} in a new tab'),
  downloadVideo: icu<{ name: string }>('Download {name}'),
  deleteVideo: icu<{ name: string }>('Delete {name}'),
  deleteVideoConfirm: icu<{ name: string }>('Delete the video "{name}"?'),
  uploadFormats: 'Supported formats: MP4, AVI, MOV, WMV, FLV, WebM, MKV, and more',
  dropVideos: icu<{ folder: string }>('Drop the videos to upload them to folder {folder}'),
  uploadsLabel: 'Uploads',
  uploadProgress: icu<{ pct: string }>('Uploading... {pct}'),
  uploadCompleted: 'Completed',
};

export default videosTexts;
