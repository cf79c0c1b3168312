// Placeholder so the package graph resolves; replaced by the store implementation.
