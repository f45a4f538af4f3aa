# CrossCodeEval's retrieval (amazon-science/cceval prompt_builder: augment_with_cfc.py,
# rerank_utils.py, utils.py), re-typed step by step for the parity benchmark (bench/cceval-parity.ts):
# glob candidates, file_distance order, 10-line chunks, tokenize_nltk (NLTK 3.8 word_tokenize with
# an untrained punkt: the English model is not packaged), BM25Okapi as rank_bm25 0.2.2, the
# (score, id)/(score, text) sorts, RG1's next chunk. Reads tasks as JSON lines on stdin, writes one
# JSON line per task: the top-k of `last_n_lines` (next chunk on) and of `groundtruth` (off).
# Also, with --tokens, writes a digest of every chunk's tokens (chunk id -> md5).
import glob, hashlib, json, math, os, re, sys
import numpy as np
from nltk.tokenize.destructive import NLTKWordTokenizer
from nltk.tokenize.punkt import PunktSentenceTokenizer

CHUNK_SIZE, SLIDING_WINDOW_SIZE, QUERY_LENGTH = 10, 10, 10
punkt, treebank = PunktSentenceTokenizer(), NLTKWordTokenizer()

def tokenize_nltk(text):
    words = [w for sentence in punkt.tokenize(text) for w in treebank.tokenize(sentence)]
    return [run for w in words for run in re.findall(r'\w+', w)]

def file_distance(src_file, dest_file):
    commonpath = os.path.commonpath([src_file, dest_file])
    return os.path.relpath(src_file, commonpath).count(os.sep) + os.path.relpath(dest_file, commonpath).count(os.sep)

EXT = {'python': ['py'], 'java': ['java'], 'csharp': ['cs'], 'typescript': ['ts', 'tsx']}

def read_project_files(root_dir, lang):
    if lang == 'typescript':
        src_files = [f for ext in EXT[lang] for f in glob.glob(os.path.join(root_dir, f'src/**/*.{ext}'), recursive=True)]
    else:
        src_files = glob.glob(os.path.join(root_dir, f'**/*.{EXT[lang][0]}'), recursive=True)
    project = {}
    for filename in src_files:
        if os.path.exists(filename) and os.path.isfile(filename):
            try:
                with open(filename, 'r') as file:
                    content = file.read()
            except Exception:
                with open(filename, 'rb') as file:
                    content = file.read().decode(errors='replace')
            project[os.path.relpath(filename, root_dir)] = content
    return project

class BM25Okapi:  # rank_bm25 0.2.2
    def __init__(self, corpus, k1=1.5, b=0.75, epsilon=0.25):
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self.corpus_size, self.doc_freqs, self.idf, self.doc_len = 0, [], {}, []
        nd, num_doc = {}, 0
        for document in corpus:
            self.doc_len.append(len(document))
            num_doc += len(document)
            frequencies = {}
            for word in document:
                frequencies[word] = frequencies.get(word, 0) + 1
            self.doc_freqs.append(frequencies)
            for word in frequencies:
                nd[word] = nd.get(word, 0) + 1
            self.corpus_size += 1
        self.avgdl = num_doc / self.corpus_size
        idf_sum, negative = 0, []
        for word, freq in nd.items():
            idf = math.log(self.corpus_size - freq + 0.5) - math.log(freq + 0.5)
            self.idf[word] = idf
            idf_sum += idf
            if idf < 0:
                negative.append(word)
        eps = self.epsilon * (idf_sum / len(self.idf))
        for word in negative:
            self.idf[word] = eps

    def get_scores(self, query):
        score = np.zeros(self.corpus_size)
        doc_len = np.array(self.doc_len)
        for q in query:
            q_freq = np.array([(doc.get(q) or 0) for doc in self.doc_freqs])
            score += (self.idf.get(q) or 0) * (q_freq * (self.k1 + 1) / (q_freq + self.k1 * (1 - self.b + self.b * doc_len / self.avgdl)))
        return score

def lexical_ranking(query, docs, doc_ids):
    scores = BM25Okapi([tokenize_nltk(d) for d in docs]).get_scores(tokenize_nltk(query))
    doc_ids = [x for _, x in sorted(zip(scores, doc_ids), reverse=True)]
    docs_scores = [(x, s) for s, x in sorted(zip(scores, docs), reverse=True)]
    return [d for d, _ in docs_scores], doc_ids, [s for _, s in docs_scores]

def crossfile_context(prompt, groundtruth, code_chunks, code_chunk_ids, use_next_chunk, top_k):
    prompt_lines = [pl for pl in prompt.split('\n') if pl.strip()]
    if use_next_chunk:
        query = '\n'.join(prompt_lines[-QUERY_LENGTH:])
    else:
        query = '\n'.join((prompt_lines + [gt for gt in groundtruth.split('\n') if gt.strip()])[-QUERY_LENGTH:])
    chunks, ids, scores = lexical_ranking(query, code_chunks[:1000], code_chunk_ids[:1000])
    top_k = min(top_k, len(ids))
    picked = []
    if use_next_chunk:
        id2idx = {cci: j for j, cci in enumerate(code_chunk_ids)}
        texts = []
        for cidx, _id in enumerate(ids):
            fname, c_id = _id.rsplit('|', 1)
            next_id = f'{fname}|{int(c_id) + 1}'
            to_add = code_chunks[id2idx[next_id]] if next_id in id2idx else code_chunks[id2idx[_id]]
            if to_add not in texts:
                texts.append(to_add)
                picked.append({'filename': fname, 'text': to_add, 'score': repr(float(scores[cidx]))})
                if len(picked) == top_k:
                    break
    else:
        for i in range(top_k):
            picked.append({'filename': ids[i].rsplit('|', 1)[0], 'text': chunks[i], 'score': repr(float(scores[i]))})
    return picked

def chunks_of(project, files):
    code_chunks, code_chunk_ids = [], []
    for pyfile in files:
        lines = [l for l in project[pyfile].split('\n') if l.strip()]
        c_id = 0
        for i in range(0, len(lines), SLIDING_WINDOW_SIZE):
            c = '\n'.join(lines[i:i + CHUNK_SIZE])
            if len(tokenize_nltk(c)) > 0:
                code_chunks.append(c)
                code_chunk_ids.append(f'{pyfile}|{c_id}')
                c_id += 1
    return code_chunks, code_chunk_ids

def main():
    projects = {}
    if '--tokens' in sys.argv:
        root, lang = sys.argv[2], sys.argv[3]
        project = read_project_files(root, lang)
        chunks, ids = chunks_of(project, sorted(project))
        json.dump({i: hashlib.md5('\0'.join(tokenize_nltk(c)).encode()).hexdigest() for c, i in zip(chunks, ids)}, sys.stdout)
        return
    for line in sys.stdin:
        task = json.loads(line)
        key = (task['root'], task['language'])
        if key not in projects:
            projects[key] = read_project_files(*key)
        project = projects[key]
        others = [f for f in project if f != task['file']]
        files = [x for _, x in sorted(zip([file_distance(f, task['file']) for f in others], others))][:1000]
        code_chunks, code_chunk_ids = chunks_of(project, files)
        result = {'id': task['id']}
        if code_chunks:
            result['bm25'] = crossfile_context(task['prompt'], task['groundtruth'], code_chunks, code_chunk_ids, True, 5)
            result['bm25-ref'] = crossfile_context(task['prompt'], task['groundtruth'], code_chunks, code_chunk_ids, False, 5)
        print(json.dumps(result), flush=True)

main()
