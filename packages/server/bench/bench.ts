console.log("bench: not yet written");
