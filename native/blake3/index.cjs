// The compiled binding (build/Release/capsem_blake3.node), or an Error explaining why it is not there.
module.exports = require('./build/Release/capsem_blake3.node');
