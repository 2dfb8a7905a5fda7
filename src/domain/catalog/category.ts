import { z } from 'zod';

/** Category documents as the spec shapes them: categories/{id} with name and teams[]. */
export const playerSchema = z.object({
  name: z.string().trim().min(1).max(120),
  image: z.string().max(500),
});
export const teamSchema = z.object({
  name: z.string().trim().min(1).max(120),
  image: z.string().max(500),
  players: z.array(playerSchema),
});
export const categorySchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(120),
  teams: z.array(teamSchema),
});

export type Player = z.infer<typeof playerSchema>;
export type Team = z.infer<typeof teamSchema>;
export type Category = z.infer<typeof categorySchema>;
