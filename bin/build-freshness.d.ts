export function builtMarker(root: string): string;
export function nodeBuildIsCurrent(root: string): boolean;
