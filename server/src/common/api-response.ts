/**
 * How a route declares its answer in the OpenAPI document (the contract the web's generated client is
 * made from, `npm run api:generate`). Every JSON answer is the envelope `{code, message, data}`:
 *
 *   @ApiEnvelope(CompanyDetailDto)      data is one CompanyDetailDto
 *   @ApiEnvelope([PersonDto])           data is a list
 *   @ApiEnvelope(null)                  data is null
 *   @ApiEnvelope({ shared: 'MachineDefinition' })   data is a type of @app/workflow
 *   @ApiPage(CompanyRowDto)             data is {list: CompanyRowDto[], total, pageNum, pageSize}
 *   @ApiFile('application/pdf')         a binary answer, no envelope
 *
 * Write it as the route's first decorator (above @Get/@Post/@HttpCode): it reads the status they set.
 * Response DTO classes hold only @ApiProperty declarations; shapes owned by @app/workflow (labels,
 * snapshots, the definition) are declared with @ApiSharedProperty and typed from that package on the web.
 */
import { applyDecorators, Header, HttpStatus, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

/** The @app/workflow types (and xstate's StateValue) a response may carry as they are; the generator imports them by name. */
export type SharedTypeName =
  | 'Label'
  | 'StatusLabels'
  | 'StatusLabel'
  | 'PersistedSnapshot'
  | 'MachineDefinition'
  | 'StateValue'
  | 'LoanDataContent'
  | 'TypeCompleteness'
  | 'SectionCompleteness'
  | 'DataIssue'
  | 'DataType'
  | 'EditRefusalCode'
  | 'FieldError'
  | 'VoteCounts'
  | 'VoteRule'
  | 'MeetingStep'
  | 'GuaranteeContext'
  | 'MoveTargetNode';

/** A property whose type is owned by @app/workflow: documented as an object, typed by name on the web. */
export function ApiSharedProperty(name: SharedTypeName, options: { nullable?: boolean; isArray?: boolean; required?: boolean; description?: string } = {}) {
  const { isArray, ...rest } = options;
  const item = { 'x-ts-type': name };
  return ApiProperty({
    ...rest,
    ...(isArray ? { type: 'array', items: { type: 'object', ...item } } : { type: 'object', ...item }),
  } as Parameters<typeof ApiProperty>[0]);
}

/** The data of an answer: a DTO class, a list of one, null, or a shared type (`{ shared: 'MachineDefinition' }`, a list with `isArray`). */
export type EnvelopeData = Type<unknown> | [Type<unknown>] | { shared: SharedTypeName; isArray?: boolean } | null;

function dataSchema(data: EnvelopeData): Schema {
  if (data === null) return { type: 'object', nullable: true, example: null };
  if ('shared' in data)
    return data.isArray ? { type: 'array', items: { type: 'object', 'x-ts-type': data.shared } } : { type: 'object', 'x-ts-type': data.shared };
  if (Array.isArray(data)) return { type: 'array', items: { $ref: getSchemaPath(data[0]) } };
  return { $ref: getSchemaPath(data) };
}

function envelopeSchema(data: Schema): Schema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'string', example: 'A00000' }, message: { type: 'string' }, data },
  };
}

/** Documents the route's success answer under the status the route answers with (200, or 201 for a POST). */
function successResponse(schema: Schema, contentTypes: string[] = []): MethodDecorator {
  return (target, key, descriptor) => {
    const method: unknown = Reflect.getMetadata(METHOD_METADATA, descriptor.value as object);
    if (method === undefined) throw new Error(`${String(key)}: write the response decorator above the route decorator (@Get, @Post…)`);
    const status: number =
      Reflect.getMetadata(HTTP_CODE_METADATA, descriptor.value as object) ?? (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
    const options = contentTypes.length ? { status, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) } : { status, schema };
    ApiResponse(options as Parameters<typeof ApiResponse>[0])(target, key, descriptor);
  };
}

/** `{code, message, data}` where data is the given DTO, a list of it (`[Dto]`) or null. */
export function ApiEnvelope(data: EnvelopeData) {
  const model = data === null || 'shared' in data ? [] : Array.isArray(data) ? data : [data];
  return applyDecorators(ApiExtraModels(...model), successResponse(envelopeSchema(dataSchema(data))));
}

/** `{code, message, data: {list, total, pageNum, pageSize}}` with rows of the given DTO. */
export function ApiPage(row: Type<unknown>) {
  const page = {
    type: 'object',
    required: ['list', 'total', 'pageNum', 'pageSize'],
    properties: {
      list: { type: 'array', items: { $ref: getSchemaPath(row) } },
      total: { type: 'integer' },
      pageNum: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  };
  return applyDecorators(ApiExtraModels(row), successResponse(envelopeSchema(page)));
}

/**
 * A binary answer (a download, a preview page), sent without the envelope, always with
 * `X-Content-Type-Options: nosniff` (besides helmet's): a browser never guesses another type than the
 * one the storage decided from the bytes.
 */
export function ApiFile(...contentTypes: string[]) {
  return applyDecorators(
    successResponse({ type: 'string', format: 'binary' }, contentTypes.length ? contentTypes : ['application/octet-stream']),
    Header('X-Content-Type-Options', 'nosniff'),
  );
}
