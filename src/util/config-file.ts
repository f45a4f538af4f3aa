/**
 * The config file read from the working folder when present; its `plugins:` load only when it is named with `--config`.
 */
export const CONFIG_FILE = 'ctxbench.config.yaml';
