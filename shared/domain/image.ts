import { z } from 'zod';

export const Image = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  created: z.string().datetime(),
  updated: z.string().datetime(),
  urlFull: z.string().nullable(),
  urlThumb: z.string().nullable(),
  urlLink: z.string().nullable(),
  uploadUrl: z.string().optional(),
});
export type Image = z.infer<typeof Image>;

export const ImageTitle = z.string().trim().min(1).max(200);
export const ImageNotes = z.string().max(5000);
