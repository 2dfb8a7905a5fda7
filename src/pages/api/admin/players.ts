import type { APIRoute } from 'astro';
import { z } from 'zod';
import {
  cleanName,
  findTeamCategory,
  PLAYER_MESSAGES,
  playerFormError,
} from '../../../domain/admin/player-form.ts';
import { AppError } from '../../../domain/errors.ts';
import { readJson, toResponse } from '../../../server/http/http.ts';

export const prerender = false;

// Loose on purpose: the form rules (domain/admin/player-form.ts) answer with the spec's message.
const text = z.string().max(1000).default('');
const addSchema = z.object({ teamName: text, playerName: text });
const deleteSchema = z.object({ categoryId: text, teamName: text, playerName: text });

/** Adds a player to a team; the server finds the team's category. */
export const POST: APIRoute = ({ request, locals }) =>
  toResponse(
    async () => {
      const form = await readJson(request, addSchema, 4096);
      const problem = playerFormError(form);
      if (problem) throw new AppError('invalid', problem);
      const { documents } = locals.container;
      const found = findTeamCategory(await documents.listCategories(), form.teamName);
      if (!found) throw new AppError('not_found', PLAYER_MESSAGES.noCategoryForTeam);
      const category = await documents.addPlayer(found.category.id, found.team.name, form.playerName);
      return { category, message: PLAYER_MESSAGES.added(cleanName(form.playerName), found.team.name) };
    },
    { status: 201 },
  );

export const DELETE: APIRoute = ({ request, locals }) =>
  toResponse(async () => {
    const form = await readJson(request, deleteSchema, 4096);
    // Only presence is checked: a player stored under older rules must still be deletable.
    if ([form.categoryId, form.teamName, form.playerName].some((value) => value.trim() === ''))
      throw new AppError('invalid', PLAYER_MESSAGES.required);
    const category = await locals.container.documents.deletePlayer(
      form.categoryId,
      form.teamName,
      form.playerName,
    );
    return {
      category,
      message: PLAYER_MESSAGES.deleted(cleanName(form.playerName), cleanName(form.teamName)),
    };
  });
