import { z } from "zod";

// The User of docs/product.md §3 as the API shows it. Never the row itself: the row has a password hash.

export const userDtoSchema = z.strictObject({
  id: z.guid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  family_id: z
    .guid()
    .nullable()
    .meta({ description: "The person's family. Not an invite: relatives join through the family's invite link (GET /family/invite)." }),
});

export type UserDto = z.output<typeof userDtoSchema>;

export function toUserDto(user: { id: string; email: string; first_name: string; last_name: string; family_id: string | null }): UserDto {
  return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, family_id: user.family_id };
}
