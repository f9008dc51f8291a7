import { ApiProperty } from '@nestjs/swagger';

export class MessagesReadAllDto {
  @ApiProperty({ description: 'How many unread messages this marked read (0 when there were none)' })
  count: number;
}
