import { ApiProperty } from '@nestjs/swagger';

export class RoleRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ description: 'ROOT, ROLE_ADMIN, A_POST… for the built-in roles; generated for the others' })
  code: string;
  @ApiProperty({ description: "The name in the request's language" })
  name: string;
  @ApiProperty()
  nameZh: string;
  @ApiProperty()
  nameEn: string;
  @ApiProperty({ description: 'Built-in roles cannot be deleted' })
  builtin: boolean;
  @ApiProperty({ description: 'Live users holding the role' })
  userCount: number;
  @ApiProperty({ description: 'Permission keys granted' })
  permissionCount: number;
  @ApiProperty()
  createdAt: string;
}

export class RoleDetailDto extends RoleRowDto {
  @ApiProperty({ type: [String] })
  permissions: string[];
}

export class DeletedRolesDto {
  @ApiProperty({ type: [String] })
  ids: string[];
}
