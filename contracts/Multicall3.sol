// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3
/// @notice Batches many calls into one, interface-compatible with the canonical Multicall3
/// (github.com/mds1/multicall) that sits at 0xcA11bde05977b3631167028862bE2a173976CA11 on Base, so
/// viem's `multicall` works unchanged on the local chain.
/// @dev Its runtime code is placed at the canonical address with `anvil_setCode`, so it must keep no
/// constructor logic, no immutables and no initialised storage.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Runs every call; reverts if any fails (Multicall1 semantics).
    function aggregate(Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes[] memory returnData)
    {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            bool success;
            (success, returnData[i]) = calls[i].target.call(calls[i].callData);
            require(success, "Multicall3: call failed");
        }
    }

    /// @notice Runs every call; reverts on a failure only if `requireSuccess` (Multicall2 semantics).
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            Result memory result = returnData[i];
            (result.success, result.returnData) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(result.success, "Multicall3: call failed");
        }
    }

    /// @notice `tryAggregate` plus the block number and hash.
    /// @dev As in the canonical contract, the hash is `blockhash(block.number)`, which is always zero.
    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    /// @notice `tryBlockAndAggregate` that reverts if any call fails.
    function blockAndAggregate(Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        (blockNumber, blockHash, returnData) = tryBlockAndAggregate(true, calls);
    }

    /// @notice Runs every call, each with its own `allowFailure` flag (what viem's multicall uses).
    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            Call3 calldata call = calls[i];
            Result memory result = returnData[i];
            (result.success, result.returnData) = call.target.call(call.callData);
            if (!call.allowFailure) require(result.success, "Multicall3: call failed");
        }
    }

    /// @notice `aggregate3` with ETH attached to each call; `msg.value` must equal the sum sent.
    function aggregate3Value(Call3Value[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 valueSum;
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            Call3Value calldata call = calls[i];
            Result memory result = returnData[i];
            valueSum += call.value;
            (result.success, result.returnData) = call.target.call{value: call.value}(call.callData);
            if (!call.allowFailure) require(result.success, "Multicall3: call failed");
        }
        require(msg.value == valueSum, "Multicall3: value mismatch");
    }

    /// @notice Hash of a recent block (zero beyond the last 256).
    function getBlockHash(uint256 blockNumber) public view returns (bytes32 blockHash) {
        blockHash = blockhash(blockNumber);
    }

    /// @notice The current block number.
    function getBlockNumber() public view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    /// @notice The current block's fee recipient.
    function getCurrentBlockCoinbase() public view returns (address coinbase) {
        coinbase = block.coinbase;
    }

    /// @notice The current block's difficulty; since the Merge this is PREVRANDAO.
    function getCurrentBlockDifficulty() public view returns (uint256 difficulty) {
        difficulty = block.prevrandao;
    }

    /// @notice The current block's gas limit.
    function getCurrentBlockGasLimit() public view returns (uint256 gaslimit) {
        gaslimit = block.gaslimit;
    }

    /// @notice The current block's timestamp.
    function getCurrentBlockTimestamp() public view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    /// @notice ETH balance of `addr`, so balances can be batched with token reads.
    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }

    /// @notice Hash of the previous block.
    function getLastBlockHash() public view returns (bytes32 blockHash) {
        unchecked {
            blockHash = blockhash(block.number - 1);
        }
    }

    /// @notice The current block's base fee.
    function getBasefee() public view returns (uint256 basefee) {
        basefee = block.basefee;
    }

    /// @notice The chain id.
    function getChainId() public view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
