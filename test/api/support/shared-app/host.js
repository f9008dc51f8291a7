// The process of the app the API tier shares (started by global-setup.ts). Plain JavaScript: it
// teaches Node the api project's own transform (swc, through jest's ScriptTransformer) and module
// names (moduleNameMapper, e.g. @app/workflow to its sources) before it loads the TypeScript app, and
// keeps that transform installed for as long as the app runs, so that nothing it loads later is left
// untransformed. The jest project's configuration comes as the first message from the parent.
'use strict';
const Module = require('node:module');
const path = require('node:path');

process.on('disconnect', () => process.exit(0)); // the jest run ended without saying so
process.once('message', (message) => {
  main(message.projectConfig).catch((error) => {
    process.send?.({ error: error instanceof Error ? error.stack : String(error) });
    process.exit(1);
  });
});

async function main(projectConfig) {
  const mappers = (projectConfig.moduleNameMapper ?? []).map(([regex, target]) => [new RegExp(regex), target]);
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    const mapped = mappers.find(([regex]) => regex.test(request));
    return resolve.call(this, mapped ? request.replace(mapped[0], mapped[1]) : request, ...rest);
  };
  const { createScriptTransformer } = require('@jest/transform');
  const transformer = await createScriptTransformer(projectConfig);
  // The transform stays installed until the callback ends, that is until the app is closed.
  await transformer.requireAndTranspileModule(path.join(__dirname, 'serve.ts'), (serve) => serve());
  process.exit(0);
}
