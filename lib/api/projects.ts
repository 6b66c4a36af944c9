// The projects resource: list and delete (the contract has no other project operations).
import { invalidInput, validate } from './errors';
import { checkDeleted, decode } from './http-answer';
import { listQuery } from './list-query';
import { ListProjectsParams, ProjectName, type ProjectPage } from './model';
import { ProjectList, toPage } from './schemas';
import type { CallOptions, Transport } from './transport';

export interface ProjectsApiOptions {
  transport: Transport;
}

export function createProjectsApi({ transport }: ProjectsApiOptions) {
  return {
    async list(
      params: ListProjectsParams = {},
      { signal }: CallOptions = {},
    ): Promise<ProjectPage> {
      const input = validate(ListProjectsParams, params);
      const { query, requested } = listQuery(input, 'project');
      const answer = await transport.request(
        { method: 'GET', path: '/projects', notFound: 'notFoundOnList', query },
        signal,
      );
      return toPage(decode(ProjectList, answer), requested);
    },

    async delete(name: string, { signal }: CallOptions = {}): Promise<{ name: string }> {
      const projectName = validate(ProjectName, name, 'name');
      // URL parsers resolve "." and ".." (even percent-encoded) as path steps, not names.
      if (/^(\.|%2e){1,2}$/i.test(projectName)) {
        throw invalidInput({ name: ['This project name cannot be used in an address.'] });
      }
      const path = `/projects/${encodeURIComponent(projectName)}`;
      checkDeleted(
        await transport.request({ method: 'DELETE', path, notFound: 'projectGone' }, signal),
      );
      return { name: projectName };
    },
  };
}
