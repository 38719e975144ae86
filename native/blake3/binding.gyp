{
  "targets": [
    {
      "target_name": "capsem_blake3",
      "sources": [
        "src/capsem_blake3.c",
        "<!@(node -p \"require('./blake3-sources.cjs').sources().join(' ')\")"
      ],
      "include_dirs": ["<!(node -p \"require('./blake3-sources.cjs').dir()\")"],
      "cflags": ["-O3"]
    }
  ]
}
