// The Haskell table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('haskell', {
  labels: [
    { file: 'src/Data/Queue.hs', text: '{-# LANGUAGE ScopedTypeVariables #-}', type: 'pragma', label: 'Preprocessing Directive / macro' },
    { file: 'src/Data/Queue.hs', text: '-- Number of elements.', type: 'comment', label: 'Comments and Documentation / single-line' },
    { file: 'src/Data/Queue.hs', text: '-- | The empty queue.', type: 'haddock', label: 'Comments and Documentation / single-line' },
    { file: 'src/Data/Queue.hs', text: 'import qualified Data.List as L', type: 'import', label: 'Program Structure / import' },
    { file: 'src/Data/Queue.hs', text: 'data Queue a = Queue [a] [a]\n  deriving (Show, Eq)', type: 'data_type', label: 'Declaration and Definition / class' },
    { file: 'src/Data/Queue.hs', text: 'empty :: Queue a', type: 'signature', label: 'Declaration and Definition / function' },
    { file: 'src/Data/Queue.hs', text: 'x : back', type: 'infix', label: 'Expression / operation' },
    { file: 'src/Data/Queue.hs', text: 'newtype Wrapper = Wrapper Int', type: 'newtype', label: 'Declaration and Definition / class' },
    { file: 'src/Data/Queue.hs', text: '_', type: 'wildcard', label: 'Special Language Structure / pattern matching' },
    { file: 'src/Main.hs', text: '[x * 2 | x <- [1 .. 3 :: Int], even x]', type: 'list_comprehension', label: 'Data Type / composite' },
    { file: 'src/Main.hs', text: 'x <- [1 .. 3 :: Int]', type: 'generator', label: 'Control Flow Structure / loop' },
    { file: 'src/Main.hs', text: '\\x -> x * 2', type: 'lambda', label: 'Special Language Structure / lambda' },
    { file: 'src/Main.hs', text: 'if n == 0 then "zero" else describe n', type: 'conditional', label: 'Control Flow Structure / conditional' },
    { file: 'src/Main.hs', text: '"negative"', type: 'string', label: 'Data Type / string' },
    { file: 'src/Main.hs', text: 'Map.fromList', type: 'qualified', label: 'Identifier and Scope / qualified name' },
    { file: 'src/Main.hs', text: 'putStrLn (show (size q))', type: 'apply', label: 'Expression / call' },
    { file: 'src/Main.hs', text: '()', type: 'unit', label: 'Data Type / special value' },
  ],
  // `pop` is three equations and one function (docstring from before its signature); `classify`'s
  // guards and `where` binding are its body; `let`/`where` bindings are not functions of their own.
  extraction: {
    'src/Data/Queue.hs': {
      imports: [
        { target: 'Data.List', bindings: ['L'], resolve: 'dotted-module', line: 12 },
        { target: 'Data.Maybe', bindings: ['fromMaybe'], resolve: 'dotted-module', line: 13 },
      ],
      functions: [
        {
          qualifiedName: 'Data.Queue.empty', kind: 'function', span: '20:1-21:20', body: '21:7-21:20',
          signature: 'empty :: Queue a\nempty',
          doc: 'The empty queue.', params: null,
          calls: ['Queue(?)@21:9'],
        },
        {
          qualifiedName: 'Data.Queue.push', kind: 'function', span: '24:1-25:51', body: '25:27-25:51',
          signature: 'push :: a -> Queue a -> Queue a\npush x (Queue front back)',
          doc: 'Adds an element at the back.', params: 2,
          calls: ['Queue(?)@25:29'],
        },
        {
          qualifiedName: 'Data.Queue.pop', kind: 'function', span: '28:1-31:50', body: '29:19-31:50',
          signature: 'pop :: Queue a -> Maybe (a, Queue a)\npop (Queue [] [])',
          doc: 'Removes the front element.', params: 1,
          calls: ['pop(?)@30:23', 'Queue(?)@30:28', 'reverse(?)@30:35', 'Just(?)@31:27', 'Queue(?)@31:36'],
        },
        {
          qualifiedName: 'Data.Queue.size', kind: 'function', span: '34:1-35:39', body: '35:18-35:39',
          signature: 'size :: Queue a -> Int\nsize (Queue f b)',
          doc: 'Number of elements.', params: 1,
          calls: ['length(?)@35:20', 'length(?)@35:31'],
        },
        {
          qualifiedName: 'Data.Queue.toList', kind: 'function', span: '37:1-40:36', body: '38:10-40:36',
          signature: 'toList :: Queue a -> [a]\ntoList q',
          doc: null, params: 1,
          calls: ['pop(?)@38:17', 'Just(?)@40:3', 'toList(?)@40:25'],
        },
        {
          qualifiedName: 'Data.Queue.count', kind: 'function', span: '45:3-46:14', body: '46:11-46:14',
          signature: 'count :: f a -> Int\ncount _',
          doc: null, params: 1,
          calls: [],
        },
        {
          qualifiedName: 'Data.Queue.insert', kind: 'function', span: '49:3-49:16', body: '49:10-49:16',
          signature: 'insert',
          doc: null, params: null,
          calls: [],
        },
        {
          qualifiedName: 'Data.Queue.count', kind: 'function', span: '50:3-50:15', body: '50:9-50:15',
          signature: 'count',
          doc: null, params: null,
          calls: [],
        },
      ],
    },
    'src/Main.hs': {
      imports: [
        { target: 'Data.Queue', bindings: [], resolve: 'dotted-module', line: 3, wildcard: true },
        { target: 'Data.Map.Strict', bindings: ['Map'], resolve: 'dotted-module', line: 4 },
        { target: 'System.IO', bindings: [], resolve: 'dotted-module', line: 5, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'Main.main', kind: 'function', span: '8:1-15:21', body: '9:6-15:21',
          signature: 'main :: IO ()\nmain',
          doc: 'Entry point.', params: null,
          calls: ['push(?)@10:11', 'push(?)@10:19', 'hSetBuffering(?)@11:3', 'putStrLn(?)@12:3', 'show(?)@12:13', 'size(?)@12:19', 'mapM_(?)@13:3', 'even(?)@13:46', 'print(?)@14:3', 'Map.fromList(?)@14:10', 'print(?)@15:3', 'classify(?)@15:10'],
        },
        {
          qualifiedName: 'Main.classify', kind: 'function', span: '17:1-22:39', body: '19:3-22:39',
          signature: 'classify :: Int -> String\nclassify n',
          doc: null, params: 1,
          calls: ['describe(?)@20:44', 'show(?)@22:33'],
        },
        {
          qualifiedName: 'Main.double', kind: 'function', span: '24:1-25:21', body: '25:8-25:21',
          signature: 'double :: Num a => a -> a\ndouble',
          doc: null, params: null,
          calls: [],
        },
      ],
    },
  },
  broken: {
    text: 'module M where\n\ngoodOne :: Int\ngoodOne = 1\n\nbroken x = = 2\n\ngoodTwo :: Int -> Int\ngoodTwo n = n + 1\n',
    functions: ['M.goodOne', 'M.broken', 'M.goodTwo'],
  },
});
